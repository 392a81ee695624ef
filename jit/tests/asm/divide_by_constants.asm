function by_10 (asm, 120 bytes)
    00000  jmp 0000000000000049h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: div
    00013  mov rax,6666666666666667h
    0001d  imul rsi
    00020  sar rdx,2
    00024  mov rax,rdx
    00027  shr rax,3Fh
    0002b  lea rdi,[rax+rdx]
; line 7: rem
    0002f  imul r8,rdi,0Ah
    00036  sub rsi,r8
; line 8: add
    00039  add rsi,rdi
; line 9: ret
    0003c  mov rax,rsi
    0003f  mov rsp,rbp
    00042  pop rbp
    00043  ret
; unwind to the entry from the interpreter
    00044  mov rsp,[r15+28h]
    00048  ret
; external entry (from the interpreter)
    00049  mov rax,ADDR
    00053  mov rcx,8
    0005d  lea r11,[8]
    00064  jmp qword ptr [70h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00070  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function by_8 (asm, 120 bytes)
    00000  jmp 000000000000004Dh
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
    0001e  lea rdi,[rax+rsi]
    00022  sar rdi,3
; line 13: rem
    00026  mov rax,rsi
    00029  sar rax,3Fh
    0002d  shr rax,3Dh
    00031  add rax,rsi
    00034  and rax,0FFFFFFFFFFFFFFF8h
    0003a  sub rsi,rax
; line 14: add
    0003d  add rsi,rdi
; line 15: ret
    00040  mov rax,rsi
    00043  mov rsp,rbp
    00046  pop rbp
    00047  ret
; unwind to the entry from the interpreter
    00048  mov rsp,[r15+28h]
    0004c  ret
; external entry (from the interpreter)
    0004d  mov rax,ADDR
    00057  mov rcx,8
    00061  lea r11,[8]
    00068  jmp qword ptr [70h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00070  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function by_minus_1 (asm, 88 bytes)
    00000  jmp 000000000000002Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 18: div
    00013  mov rdi,rsi
    00016  neg rdi
; line 19: rem
    00019  xor esi,esi
; line 20: add
    0001c  add rsi,rdi
; line 21: ret
    0001f  mov rax,rsi
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; unwind to the entry from the interpreter
    00027  mov rsp,[r15+28h]
    0002b  ret
; external entry (from the interpreter)
    0002c  mov rax,ADDR
    00036  mov rcx,8
    00040  lea r11,[8]
    00047  jmp qword ptr [50h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00050  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

