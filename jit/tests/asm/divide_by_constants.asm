function by_10 (asm, 120 bytes)
    00000  jmp 000000000000004Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 6: div
    00013  mov rax,6666666666666667h
    0001d  imul rsi
    00020  sar rdx,2
    00024  mov rax,rdx
    00027  shr rax,3Fh
    0002b  add rax,rdx
    0002e  mov rdi,rax
; line 7: rem
    00031  imul r8,rdi,0Ah
    00038  sub rsi,r8
; line 8: add
    0003b  add rsi,rdi
; line 9: ret
    0003e  mov rax,rsi
    00041  mov rsp,rbp
    00044  pop rbp
    00045  ret
; unwind to the entry from the interpreter
    00046  mov rsp,[r15+28h]
    0004a  ret
; external entry (from the interpreter)
    0004b  mov rax,ADDR
    00055  mov rcx,8
    0005f  lea r11,[8]
    00066  jmp qword ptr [70h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00070  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function by_8 (asm, 136 bytes)
    00000  jmp 000000000000005Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 12: div
    00013  mov rax,rsi
    00016  sar rax,3Fh
    0001a  shr rax,3Dh
    0001e  add rax,rsi
    00021  sar rax,3
    00025  mov rdi,rax
; line 13: rem
    00028  mov rcx,rsi
    0002b  mov rax,rcx
    0002e  sar rax,3Fh
    00032  shr rax,3Dh
    00036  add rax,rcx
    00039  sar rax,3
    0003d  shl rax,3
    00041  sub rcx,rax
    00044  mov rax,rcx
    00047  mov rsi,rax
; line 14: add
    0004a  add rsi,rdi
; line 15: ret
    0004d  mov rax,rsi
    00050  mov rsp,rbp
    00053  pop rbp
    00054  ret
; unwind to the entry from the interpreter
    00055  mov rsp,[r15+28h]
    00059  ret
; external entry (from the interpreter)
    0005a  mov rax,ADDR
    00064  mov rcx,8
    0006e  lea r11,[8]
    00075  jmp qword ptr [80h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00080  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function by_minus_1 (asm, 96 bytes)
    00000  jmp 0000000000000034h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 18: div
    00013  mov rax,rsi
    00016  neg rax
    00019  mov rdi,rax
; line 19: rem
    0001c  mov rcx,rsi
    0001f  xor eax,eax
    00021  mov rsi,rax
; line 20: add
    00024  add rsi,rdi
; line 21: ret
    00027  mov rax,rsi
    0002a  mov rsp,rbp
    0002d  pop rbp
    0002e  ret
; unwind to the entry from the interpreter
    0002f  mov rsp,[r15+28h]
    00033  ret
; external entry (from the interpreter)
    00034  mov rax,ADDR
    0003e  mov rcx,8
    00048  lea r11,[8]
    0004f  jmp qword ptr [58h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00058  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

