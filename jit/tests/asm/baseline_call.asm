function main (baseline asm, 232 bytes)
    00000  jmp 00000000000000AAh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  xor eax,eax
    00015  mov [rbp-8],rax
; line 6: call
    00019  mov esi,1
    0001e  mov rax,ADDR
    00028  mov rax,[rax]
    0002b  test rax,rax
    0002e  je 0000000000000091h
    00034  cmp rsp,[r15+20h]
    0003b  jb 0000000000000091h
    00041  sub r13,1
    00045  jb 000000000000008Dh
    0004b  add rax,8
    0004f  call rax
    00051  add r13,1
    00055  mov [rbp-8],rax
; line 7: print
    00059  mov rax,[rbp-8]
    0005d  mov rsi,rax
    00060  mov ecx,1
    00065  mov rdi,[r15+30h]
    00069  mov rax,ADDR
    00073  push r10
    00075  push r11
    00077  call rax  ; jit_print
    00079  pop r11
    0007b  pop r10
    0007d  test rdx,rdx
    00080  jne 00000000000000A5h
; line 8: ret
    00086  xor eax,eax
    00088  mov rsp,rbp
    0008b  pop rbp
    0008c  ret
; call g at line 6 through jit_call
    0008d  add r13,1
    00091  mov eax,1
    00096  xor ecx,ecx
    00098  xor edx,edx
    0009a  call qword ptr [0D8h]  ; glue: calls through jit_call, 1 in registers
    000a0  jmp 0000000000000055h
; unwind to the entry from the interpreter
    000a5  mov rsp,[r15+28h]
    000a9  ret
; external entry (from the interpreter)
    000aa  mov rax,ADDR
    000b4  mov rcx,8
    000be  mov r10d,0
    000c4  lea r11,[8]
    000cb  jmp qword ptr [0E0h]  ; glue: the entry from the interpreter
; constant pool
    000d8  dq ADDR  ; glue: calls through jit_call, 1 in registers
    000e0  dq ADDR  ; glue: the entry from the interpreter

