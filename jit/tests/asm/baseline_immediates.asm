function main (baseline asm, 120 bytes)
    00000  jmp 0000000000000049h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  mov [rbp-8],rsi
; line 5: add
    00017  mov rax,[rbp-8]
    0001b  add rax,5
    0001f  mov [rbp-8],rax
; line 6: jlt
    00023  mov rax,[rbp-8]
    00027  cmp rax,64h
    0002e  jl 000000000000003Dh
; line 7: ret
    00034  mov rax,[rbp-8]
    00038  mov rsp,rbp
    0003b  pop rbp
    0003c  ret
; line 9: ret
    0003d  xor eax,eax
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

