function by_10 (asm, 112 bytes)
    00000  jmp 0000000000000044h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 6: div
    0000c  mov rax,6666666666666667h
    00016  imul rsi
    00019  sar rdx,2
    0001d  mov rax,rsi
    00020  sar rax,3Fh
    00024  sub rdx,rax
    00027  mov rdi,rdx
; line 7: rem
    0002a  imul r8,rdi,0Ah
    00031  sub rsi,r8
; line 8: add
    00034  add rsi,rdi
; line 9: ret
    00037  mov rax,rsi
    0003a  mov rsp,rbp
    0003d  pop rbp
    0003e  ret
; unwind to the entry from the interpreter
    0003f  mov rsp,[r15+28h]
    00043  ret
; external entry (from the interpreter)
    00044  mov rax,ADDR
    0004e  mov rcx,8
    00058  lea r11,[8]
    0005f  jmp qword ptr [68h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00068  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function by_8 (asm, 112 bytes)
    00000  jmp 0000000000000046h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 12: div
    0000c  mov rax,rsi
    0000f  sar rax,3Fh
    00013  shr rax,3Dh
    00017  lea rdi,[rax+rsi]
    0001b  sar rdi,3
; line 13: rem
    0001f  mov rax,rsi
    00022  sar rax,3Fh
    00026  shr rax,3Dh
    0002a  add rax,rsi
    0002d  and rax,0FFFFFFFFFFFFFFF8h
    00033  sub rsi,rax
; line 14: add
    00036  add rsi,rdi
; line 15: ret
    00039  mov rax,rsi
    0003c  mov rsp,rbp
    0003f  pop rbp
    00040  ret
; unwind to the entry from the interpreter
    00041  mov rsp,[r15+28h]
    00045  ret
; external entry (from the interpreter)
    00046  mov rax,ADDR
    00050  mov rcx,8
    0005a  lea r11,[8]
    00061  jmp qword ptr [68h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00068  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function by_minus_1 (asm, 80 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 18: div
    0000c  mov rdi,rsi
    0000f  neg rdi
; line 19: rem
    00012  xor esi,esi
; line 20: add
    00015  add rsi,rdi
; line 21: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  mov rax,ADDR
    0002f  mov rcx,8
    00039  lea r11,[8]
    00040  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

