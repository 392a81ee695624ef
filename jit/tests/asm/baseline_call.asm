function main (baseline asm, 381 bytes)
    00000  jmp 00000000000000DBh
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
    00080  jne 00000000000000D6h
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
    0009a  mov [rsp],rsi
    0009e  add rdx,[r15+10h]
    000a5  sub rdx,r13
    000a8  mov [r15],rdx
    000ab  mov esi,eax
    000ad  mov rdx,rsp
    000b0  mov rdi,[r15+30h]
    000b4  mov rax,ADDR
    000be  push r10
    000c0  push r11
    000c2  call rax  ; jit_call
    000c4  pop r11
    000c6  pop r10
    000c8  test rdx,rdx
    000cb  jne 00000000000000D6h
    000d1  jmp 0000000000000055h
; unwind to the entry from the interpreter
    000d6  mov rsp,[r15+28h]
    000da  ret
; external entry (from the interpreter)
    000db  push rbp
    000dc  mov rbp,rsp
    000df  push rbx
    000e0  push r12
    000e2  push r13
    000e4  push r14
    000e6  push r15
    000e8  mov r15,ADDR
    000f2  mov [r15+30h],rdi
    000f9  push qword ptr [r15+28h]
    00100  mov r14,8
    0010a  mov r13,[r15+10h]
    00111  sub r13,[r15]
    00118  lea rax,[156h]
    0011f  push rax
    00120  mov [r15+28h],rsp
    00127  sub rsp,8
    0012b  mov rdx,rsi
    0012e  sub rsp,0
    00135  call 8
    0013a  xor edx,edx
    0013c  lea rsp,[rbp-30h]
    00143  pop rcx
    00144  mov [r15+28h],rcx
    0014b  pop r15
    0014d  pop r14
    0014f  pop r13
    00151  pop r12
    00153  pop rbx
    00154  pop rbp
    00155  ret
    00156  lea rbp,[rsp+30h]
    0015e  mov edx,1
    00163  lea rsp,[rbp-30h]
    0016a  pop rcx
    0016b  mov [r15+28h],rcx
    00172  pop r15
    00174  pop r14
    00176  pop r13
    00178  pop r12
    0017a  pop rbx
    0017b  pop rbp
    0017c  ret

